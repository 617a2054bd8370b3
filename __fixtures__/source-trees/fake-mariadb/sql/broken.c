/* Does not compile: the build command must report this line. */
int broken(void) {
  return undeclared_variable;
}
