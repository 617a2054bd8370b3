/* A test plugin of the Test install component: the server's components never build it. */
#error "a test plugin that does not compile"
