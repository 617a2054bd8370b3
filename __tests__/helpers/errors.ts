// The error a call throws, checked to be of the expected class, so a test can assert on its message.

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

export function thrownBy<E extends Error>(errorClass: ErrorClass<E>, fn: () => unknown): E {
  try {
    fn();
  } catch (error) {
    if (error instanceof errorClass) return error;
    throw error;
  }
  throw new Error(`expected ${errorClass.name} to be thrown`);
}
