// The records and schema of the README's framework examples (the Express one spells them out).
export const artefacts = [
  { id: 1, name: "Main.java", type: { id: "FILE" }, rank: 3 },
  { id: 2, name: "src", type: { id: "FOLDER" }, rank: 2 },
  { id: 3, name: "Util.java", type: { id: "FILE" }, rank: 4 },
];
export const schema = {
  id: "integer",
  name: "string",
  type: { id: "string" },
  rank: "number",
} as const;
