// the core's own header
