// The French and German texts of the sample's rule names, descriptions and level names, written
// into the dump's `_translations` (grammar/language.md 6.11). Rule names that are identifiers
// (pylint's `unused-import`) have none: the API answers them as they are.

import type { TranslationRow } from "../src/server/translations.ts";

/** English | French | German, one text a line. */
const TEXTS = `
Magic number | Nombre magique | Magische Zahl
Line too long | Ligne trop longue | Zeile zu lang
Missing Javadoc on a public method | Javadoc manquante sur une méthode publique | Fehlendes Javadoc an einer öffentlichen Methode
Cyclomatic complexity too high | Complexité cyclomatique trop élevée | Zyklomatische Komplexität zu hoch
Star import | Import avec joker | Stern-Import
Duplicate string literal | Littéral de chaîne dupliqué | Doppeltes Zeichenkettenliteral
Empty catch block | Bloc catch vide | Leerer catch-Block
God class | Classe omnisciente | Gottklasse
String concatenation in a loop | Concaténation de chaînes dans une boucle | Zeichenkettenverkettung in einer Schleife
Resource not closed | Ressource non fermée | Ressource nicht geschlossen
Possible null pointer dereference | Déréférencement possible d'un pointeur nul | Mögliche Dereferenzierung eines Nullzeigers
Reliance on the default encoding | Dépendance à l'encodage par défaut | Abhängigkeit von der Standardkodierung
May expose internal representation | Peut exposer la représentation interne | Kann die interne Darstellung preisgeben
Nonconstant string passed to "execute" | Chaîne non constante passée à « execute » | Nicht konstante Zeichenkette an „execute“ übergeben
Inconsistent synchronization | Synchronisation incohérente | Inkonsistente Synchronisierung
Unused variable | Variable inutilisée | Unbenutzte Variable
Loose equality | Égalité non stricte | Lose Gleichheit
Console statement | Instruction console | Konsolenanweisung
Function too complex | Fonction trop complexe | Funktion zu komplex
Missing hook dependency | Dépendance de hook manquante | Fehlende Hook-Abhängigkeit
Hard-coded credentials | Identifiants codés en dur | Fest codierte Zugangsdaten
Useless assignment | Affectation inutile | Nutzlose Zuweisung
Cognitive complexity too high | Complexité cognitive trop élevée | Kognitive Komplexität zu hoch
Undeclared dependency | Dépendance non déclarée | Nicht deklarierte Abhängigkeit
Use after move | Utilisation après déplacement | Verwendung nach dem Verschieben
Use nullptr | Utiliser nullptr | nullptr verwenden
Parameter copied by value | Paramètre copié par valeur | Parameter als Wert kopiert
Null pointer dereference | Déréférencement d'un pointeur nul | Dereferenzierung eines Nullzeigers
Memory leak | Fuite de mémoire | Speicherleck
Uninitialized member | Membre non initialisé | Nicht initialisiertes Element
A numeric literal is used instead of a named constant. | Un littéral numérique est utilisé au lieu d'une constante nommée. | Ein Zahlenliteral wird statt einer benannten Konstante verwendet.
Lines longer than 120 characters are hard to read in reviews. | Les lignes de plus de 120 caractères sont difficiles à lire en revue. | Zeilen mit mehr als 120 Zeichen sind in Reviews schwer zu lesen.
The method has more than 10 independent paths. | La méthode a plus de 10 chemins indépendants. | Die Methode hat mehr als 10 unabhängige Pfade.
Name the imported classes instead of importing a whole package. | Nommez les classes importées au lieu d'importer tout un paquet. | Benennen Sie die importierten Klassen, statt ein ganzes Paket zu importieren.
The same string literal appears four times or more. | Le même littéral de chaîne apparaît quatre fois ou plus. | Dasselbe Zeichenkettenliteral kommt viermal oder öfter vor.
An exception is caught and silently ignored. | Une exception est interceptée puis ignorée en silence. | Eine Ausnahme wird abgefangen und stillschweigend ignoriert.
Appending with += in a loop copies the string each time; use a StringBuilder. | Ajouter avec += dans une boucle copie la chaîne à chaque fois ; utilisez un StringBuilder. | Anhängen mit += in einer Schleife kopiert die Zeichenkette jedes Mal; verwenden Sie einen StringBuilder.
A stream or connection is opened and not closed on every path. | Un flux ou une connexion est ouvert et n'est pas fermé sur tous les chemins. | Ein Stream oder eine Verbindung wird geöffnet und nicht auf jedem Pfad geschlossen.
A value that is null on some path is dereferenced. | Une valeur nulle sur certains chemins est déréférencée. | Ein Wert, der auf manchen Pfaden null ist, wird dereferenziert.
Bytes and strings are converted with the platform's default charset. | Octets et chaînes sont convertis avec le jeu de caractères par défaut de la plateforme. | Bytes und Zeichenketten werden mit dem Standardzeichensatz der Plattform umgewandelt.
A SQL statement is built from a nonconstant string: use a PreparedStatement. | Une requête SQL est construite à partir d'une chaîne non constante : utilisez un PreparedStatement. | Eine SQL-Anweisung wird aus einer nicht konstanten Zeichenkette gebaut: verwenden Sie ein PreparedStatement.
A variable is declared and never read. | Une variable est déclarée et jamais lue. | Eine Variable wird deklariert und nie gelesen.
Use === and !== so that no type coercion happens. | Utilisez === et !== pour éviter toute conversion de type. | Verwenden Sie === und !==, damit keine Typumwandlung stattfindet.
The function's cyclomatic complexity exceeds 15. | La complexité cyclomatique de la fonction dépasse 15. | Die zyklomatische Komplexität der Funktion übersteigt 15.
A value used inside the effect is missing from its dependency list. | Une valeur utilisée dans l'effet manque dans sa liste de dépendances. | Ein im Effekt verwendeter Wert fehlt in seiner Abhängigkeitsliste.
Passwords and tokens 🔑 must not be written in the source code. | Les mots de passe et les jetons 🔑 ne doivent pas être écrits dans le code source. | Passwörter und Tokens 🔑 dürfen nicht im Quellcode stehen.
A value is assigned and overwritten before it is read. | Une valeur est affectée puis écrasée avant d'être lue. | Ein Wert wird zugewiesen und überschrieben, bevor er gelesen wird.
The function is hard to understand: split it. | La fonction est difficile à comprendre : découpez-la. | Die Funktion ist schwer zu verstehen: teilen Sie sie auf.
The module has no docstring. | Le module n'a pas de docstring. | Das Modul hat keinen Docstring.
A module is imported and never used. | Un module est importé et jamais utilisé. | Ein Modul wird importiert und nie verwendet.
The function takes more than five arguments. | La fonction prend plus de cinq arguments. | Die Funktion nimmt mehr als fünf Argumente.
Catching Exception hides programming errors. | Intercepter Exception masque les erreurs de programmation. | Das Abfangen von Exception verdeckt Programmierfehler.
A string that looks like a password is assigned to a variable. | Une chaîne qui ressemble à un mot de passe est affectée à une variable. | Eine Zeichenkette, die wie ein Passwort aussieht, wird einer Variablen zugewiesen.
A SQL query is built by string formatting. | Une requête SQL est construite par formatage de chaîne. | Eine SQL-Abfrage wird durch Zeichenkettenformatierung gebaut.
The random module is not suitable for security purposes. | Le module random ne convient pas à un usage de sécurité. | Das Modul random ist für Sicherheitszwecke nicht geeignet.
An object is used after it was moved from. | Un objet est utilisé après avoir été déplacé. | Ein Objekt wird verwendet, nachdem es verschoben wurde.
NULL or 0 is used as a null pointer constant. | NULL ou 0 est utilisé comme constante de pointeur nul. | NULL oder 0 wird als Nullzeigerkonstante verwendet.
A large parameter is passed by value and only read. | Un gros paramètre est passé par valeur et seulement lu. | Ein großer Parameter wird als Wert übergeben und nur gelesen.
A pointer that can be null is dereferenced. | Un pointeur qui peut être nul est déréférencé. | Ein Zeiger, der null sein kann, wird dereferenziert.
Memory allocated here is not freed on every path. | La mémoire allouée ici n'est pas libérée sur tous les chemins. | Hier zugewiesener Speicher wird nicht auf jedem Pfad freigegeben.
Minor | Mineure | Gering
Major | Majeure | Schwer
Critical | Critique | Kritisch
Blocker | Bloquante | Blockierend
Easy | Facile | Einfach
Hard | Difficile | Schwierig
`;

/** Each English text with its French and German ones. */
const BY_ENGLISH: ReadonlyMap<string, { readonly fr: string; readonly de: string }> = new Map(
  TEXTS.trim()
    .split("\n")
    .map((line) => {
      const [en, fr, de] = line.split(" | ") as [string, string, string];
      return [en, { fr, de }] as const;
    }),
);

/**
 * The `_translations` rows of the texts of `findings` at each of `fields`, in French then German,
 * each (field, text) once, in the order the findings first hold them.
 */
export function translationRows(
  findings: readonly { readonly field: string; readonly text: string }[],
): TranslationRow[] {
  const seen = new Set<string>();
  const rows: TranslationRow[] = [];
  for (const language of ["fr", "de"] as const) {
    for (const { field, text } of findings) {
      const key = `${language}\u0000${field}\u0000${text}`;
      const translation = BY_ENGLISH.get(text)?.[language];
      if (translation === undefined || seen.has(key)) continue;
      seen.add(key);
      rows.push({ language, resource: "findings", field, text, translation });
    }
  }
  return rows;
}
