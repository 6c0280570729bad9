import { didYouMean } from "../schema/schema.ts";
import type { OptionNames, ReaderErrors } from "./reader-errors.ts";

/**
 * Which array members of a top-level object hold the records to read (grammar/language.md
 * 10.1): the one the resource option names, else the only one, or with `everyResource` every
 * one but `_links`.
 */
export class ResourceChoice {
  readonly #wanted: string | undefined;
  readonly #everyResource: boolean;
  readonly #optionNames: OptionNames;
  readonly #errors: ReaderErrors;
  readonly #arrayMembers: string[] = [];
  #chosen: string | undefined;

  constructor(
    wanted: string | undefined,
    everyResource: boolean,
    optionNames: OptionNames,
    errors: ReaderErrors,
  ) {
    this.#wanted = wanted;
    this.#everyResource = everyResource;
    this.#optionNames = optionNames;
    this.#errors = errors;
  }

  /** Whether the caller named the resource to read, or reads every one: the input is a dump object. */
  get named(): boolean {
    return this.#wanted !== undefined || this.#everyResource;
  }

  /** Whether every array member but `_links` is read, a resource each, batch by batch. */
  get everyResource(): boolean {
    return this.#everyResource;
  }

  /** The member whose records are being read, once one is. */
  get chosen(): string | undefined {
    return this.#chosen;
  }

  /** The members met so far whose values are arrays, in input order. */
  get arrayMembers(): readonly string[] {
    return this.#arrayMembers;
  }

  /** Throws at a member name, starting at input `offset`, that repeats one that is read. */
  checkRepeated(name: string, offset: number): void {
    // JSON.parse would keep the last of two equal names: refuse rather than differ.
    const repeated = this.#everyResource
      ? this.#arrayMembers.includes(name)
      : name === this.#chosen;
    if (!repeated) return;
    const quoted = JSON.stringify(name);
    throw this.#errors.at(
      "SEVERAL_RESOURCES",
      offset,
      (at) => `the object holds ${quoted} twice; the second is at ${at}`,
    );
  }

  /** Decides whether the array member `name`, named at input `keyOffset`, holds the records. */
  choose(name: string, keyOffset: number): boolean {
    if (this.#everyResource) {
      // A list response's links are never a resource, whatever they hold.
      if (name === "_links") return false;
      this.#arrayMembers.push(name);
      this.#chosen = name;
      return true;
    }
    this.#arrayMembers.push(name);
    if (this.#wanted !== undefined) {
      if (name !== this.#wanted) return false;
      this.#chosen = name;
      return true;
    }
    if (this.#chosen === undefined) {
      this.#chosen = name;
      return true;
    }
    const first = JSON.stringify(this.#chosen);
    throw this.#errors.at(
      "SEVERAL_RESOURCES",
      keyOffset,
      (at) =>
        `the object holds several arrays, ${first} and ${JSON.stringify(name)} at ${at}: choose one with ${this.#optionNames.resource}`,
    );
  }

  /** Checks, at the top-level object's closing "}" at input `offset`, that records were found. */
  checkFound(offset: number): void {
    if (this.#chosen !== undefined) return;
    const seen = this.#arrayMembers.map((a) => JSON.stringify(a)).join(", ");
    if (this.#wanted !== undefined) {
      const wanted = JSON.stringify(this.#wanted);
      const holds = seen === "" ? "no array at all" : `only ${seen}`;
      const hint = didYouMean(this.#wanted, this.#arrayMembers, (name) => JSON.stringify(name));
      throw this.#errors.at(
        "UNKNOWN_RESOURCE",
        offset,
        (at) => `the object ending at ${at} holds no array ${wanted}: it holds ${holds}${hint}`,
      );
    }
    throw this.#errors.at(
      "WRONG_SHAPE",
      offset,
      (at) => `the object ending at ${at} holds no array of records`,
    );
  }
}
