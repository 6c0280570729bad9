import { type IToken, tokenMatcher } from "chevrotain";
import { type FieldType, resolvePath, type Schema } from "../schema/schema.ts";
import { whereStateAfter } from "../syntax/grammar-states.ts";
import { Path } from "../syntax/shared-tokens.ts";

/** Checks the text and cursor offset an editor passes in. */
export function checkTextAndOffset(caller: string, text: unknown, offset: unknown): void {
  if (typeof text !== "string") throw new TypeError(`${caller}: the text must be a string`);
  if (!Number.isInteger(offset) || (offset as number) < 0 || (offset as number) > text.length) {
    throw new RangeError(
      `${caller}: the offset must be a whole number from 0 to the text's length`,
    );
  }
}

/** The type at a path token's text, or undefined without a schema or for a path it does not know. */
export function typeAt(
  schema: Schema | undefined,
  path: IToken | undefined,
): FieldType | undefined {
  if (!schema || !path) return undefined;
  const resolved = resolvePath(schema, path.image.split("."));
  return resolved.ok ? resolved.type : undefined;
}

/** The path of the predicate that the tokens before `index` end in: the one a value is compared with. */
export function pathBefore(tokens: readonly IToken[], index: number): IToken | undefined {
  for (let at = index - 1; at >= 0; at--) {
    const token = tokens[at] as IToken;
    if (tokenMatcher(token, Path)) return token;
    // Past the start of the operand, the path belongs to another predicate.
    if (whereStateAfter(token, undefined) === "operand") break;
  }
  return undefined;
}

/** How an editor names a type: `number`, `object`, `array of object`. */
export function describeType(type: FieldType): string {
  if (type.kind !== "array") return type.kind;
  return type.items === null ? "array" : `array of ${describeType(type.items)}`;
}
