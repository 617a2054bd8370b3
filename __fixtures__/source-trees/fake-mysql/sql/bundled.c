/* A bundled library the "server" loads from lib/private, as MySQL's protobuf and abseil are. */
const char *bundled_version(void) { return "9.7.2"; }
