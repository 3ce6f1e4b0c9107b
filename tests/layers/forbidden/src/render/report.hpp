// a renderer's header
