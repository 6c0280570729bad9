// The characters a message escapes when it quotes the input, as the runtime writes them: a value
// as JSON.stringify does (validate-where.ts), any other piece as quoteVisibly does (errors/characters.ts).

/** The characters JSON.stringify escapes, as it writes them. */
interface JsonEscapes {
  '"': '\\"';
  "\\": "\\\\";
  "\u0000": "\\u0000";
  "\u0001": "\\u0001";
  "\u0002": "\\u0002";
  "\u0003": "\\u0003";
  "\u0004": "\\u0004";
  "\u0005": "\\u0005";
  "\u0006": "\\u0006";
  "\u0007": "\\u0007";
  "\u0008": "\\b";
  "\u0009": "\\t";
  "\u000a": "\\n";
  "\u000b": "\\u000b";
  "\u000c": "\\f";
  "\u000d": "\\r";
  "\u000e": "\\u000e";
  "\u000f": "\\u000f";
  "\u0010": "\\u0010";
  "\u0011": "\\u0011";
  "\u0012": "\\u0012";
  "\u0013": "\\u0013";
  "\u0014": "\\u0014";
  "\u0015": "\\u0015";
  "\u0016": "\\u0016";
  "\u0017": "\\u0017";
  "\u0018": "\\u0018";
  "\u0019": "\\u0019";
  "\u001a": "\\u001a";
  "\u001b": "\\u001b";
  "\u001c": "\\u001c";
  "\u001d": "\\u001d";
  "\u001e": "\\u001e";
  "\u001f": "\\u001f";
}
/** ... and the characters nobody can see, as quoteVisibly writes them (INVISIBLE_CLASS). */
interface VisibleEscapes extends JsonEscapes {
  "\u007f": "\\u007F";
  "\u0080": "\\u0080";
  "\u0081": "\\u0081";
  "\u0082": "\\u0082";
  "\u0083": "\\u0083";
  "\u0084": "\\u0084";
  "\u0085": "\\u0085";
  "\u0086": "\\u0086";
  "\u0087": "\\u0087";
  "\u0088": "\\u0088";
  "\u0089": "\\u0089";
  "\u008a": "\\u008A";
  "\u008b": "\\u008B";
  "\u008c": "\\u008C";
  "\u008d": "\\u008D";
  "\u008e": "\\u008E";
  "\u008f": "\\u008F";
  "\u0090": "\\u0090";
  "\u0091": "\\u0091";
  "\u0092": "\\u0092";
  "\u0093": "\\u0093";
  "\u0094": "\\u0094";
  "\u0095": "\\u0095";
  "\u0096": "\\u0096";
  "\u0097": "\\u0097";
  "\u0098": "\\u0098";
  "\u0099": "\\u0099";
  "\u009a": "\\u009A";
  "\u009b": "\\u009B";
  "\u009c": "\\u009C";
  "\u009d": "\\u009D";
  "\u009e": "\\u009E";
  "\u009f": "\\u009F";
  "\u00a0": "\\u00A0";
  "\u00ad": "\\u00AD";
  "\u061c": "\\u061C";
  "\u1680": "\\u1680";
  "\u180e": "\\u180E";
  "\u2000": "\\u2000";
  "\u2001": "\\u2001";
  "\u2002": "\\u2002";
  "\u2003": "\\u2003";
  "\u2004": "\\u2004";
  "\u2005": "\\u2005";
  "\u2006": "\\u2006";
  "\u2007": "\\u2007";
  "\u2008": "\\u2008";
  "\u2009": "\\u2009";
  "\u200a": "\\u200A";
  "\u200b": "\\u200B";
  "\u200c": "\\u200C";
  "\u200d": "\\u200D";
  "\u200e": "\\u200E";
  "\u200f": "\\u200F";
  "\u2028": "\\u2028";
  "\u2029": "\\u2029";
  "\u202a": "\\u202A";
  "\u202b": "\\u202B";
  "\u202c": "\\u202C";
  "\u202d": "\\u202D";
  "\u202e": "\\u202E";
  "\u202f": "\\u202F";
  "\u205f": "\\u205F";
  "\u2060": "\\u2060";
  "\u2061": "\\u2061";
  "\u2062": "\\u2062";
  "\u2063": "\\u2063";
  "\u2064": "\\u2064";
  "\u2065": "\\u2065";
  "\u2066": "\\u2066";
  "\u2067": "\\u2067";
  "\u2068": "\\u2068";
  "\u2069": "\\u2069";
  "\u206a": "\\u206A";
  "\u206b": "\\u206B";
  "\u206c": "\\u206C";
  "\u206d": "\\u206D";
  "\u206e": "\\u206E";
  "\u206f": "\\u206F";
  "\u3000": "\\u3000";
  "\ufeff": "\\uFEFF";
  "\ufff9": "\\uFFF9";
  "\ufffa": "\\uFFFA";
  "\ufffb": "\\uFFFB";
}

/**
 * A text as JSON.stringify writes it between its quotes (`Escapes` = JsonEscapes), or as
 * quoteVisibly does (`Escapes` = VisibleEscapes). Tail-recursive: nested, a value of 48
 * characters or more was TS2589.
 */
export type Escaped<
  T extends string,
  Escapes = JsonEscapes,
  Done extends string = "",
> = T extends `${infer C}${infer Rest}`
  ? Escaped<Rest, Escapes, `${Done}${C extends keyof Escapes ? Escapes[C] & string : C}`>
  : Done;

/** A piece of the input as quoteVisibly writes it between its quotes. */
export type EscapedVisibly<T extends string> = Escaped<T, VisibleEscapes>;
