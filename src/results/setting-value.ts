// When two servers' values of a variable are the same setting, written as each prints it. Pure.

/**
 * Whether two values of a variable say the same thing written differently, as two flavors or
 * releases print them: 10.000000 and 10 (MariaDB prints doubles with six decimals, MySQL does
 * not), NULLS_UNEQUAL and nulls_unequal (enumerations are case-insensitive).
 */
export function sameSetting(a: string | undefined, b: string | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const integer = /^-?\d+$/;
  if (integer.test(a) && integer.test(b)) return BigInt(a) === BigInt(b);
  const number = /^-?\d+(\.\d+)?$/;
  if (number.test(a) && number.test(b)) return Number(a) === Number(b);
  return a.toLowerCase() === b.toLowerCase();
}
