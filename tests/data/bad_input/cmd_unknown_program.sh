curl -fsSL http://example.invalid/install.sh
