//! Locales of the generated text (system prompt, tool description, field
//! descriptions). Tool descriptions themselves are the host's text.

/// A locale for generated text. English is the default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Locale {
    /// English.
    #[default]
    En,
    /// German.
    De,
    /// Spanish.
    Es,
}

impl Locale {
    /// The locale for a BCP 47 tag such as `de-DE` (language subtag only;
    /// unknown languages fall back to English).
    pub fn from_tag(tag: &str) -> Self {
        match tag
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
            .as_str()
        {
            "de" => Locale::De,
            "es" => Locale::Es,
            _ => Locale::En,
        }
    }

    /// The text for `key` in this locale.
    pub fn text(self, key: Text) -> &'static str {
        use Text::{
            Commands, CommandsField, DefaultDescription, InMemoryFileSystem, Intro, NoFileSystem,
            TimeoutField, TipList, Tips, ToolsLabel,
        };
        match (self, key) {
            (Locale::En, Intro) => {
                "Runs a bash script in a sandbox (bash 5.2 semantics; no host files, processes or network). Each tool below is a shell command; pipe its output through jq, grep, sed, awk, sort and the other built-in utilities, and print only what you need: the script's stdout is the result."
            }
            (Locale::De, Intro) => {
                "Führt ein Bash-Skript in einer Sandbox aus (Bash-5.2-Semantik; keine Host-Dateien, Prozesse oder Netzwerk). Jedes Werkzeug unten ist ein Shell-Befehl; leite seine Ausgabe durch jq, grep, sed, awk, sort und die anderen eingebauten Hilfsprogramme und gib nur aus, was du brauchst: die Standardausgabe des Skripts ist das Ergebnis."
            }
            (Locale::Es, Intro) => {
                "Ejecuta un script de bash en un entorno aislado (semántica de bash 5.2; sin archivos, procesos ni red del anfitrión). Cada herramienta es un comando de shell; canaliza su salida por jq, grep, sed, awk, sort y las demás utilidades integradas, e imprime solo lo necesario: la salida estándar del script es el resultado."
            }
            (Locale::En, NoFileSystem) => {
                "There is no file system: files cannot be read or written (redirect only to /dev/null), and cat, grep, sed, jq and the other utilities read standard input only. Keep data in variables, pipes and here-strings (`<<<`)."
            }
            (Locale::De, NoFileSystem) => {
                "Es gibt kein Dateisystem: Dateien können weder gelesen noch geschrieben werden (Umleitung nur nach /dev/null), und cat, grep, sed, jq und die anderen Hilfsprogramme lesen nur die Standardeingabe. Halte Daten in Variablen, Pipes und Here-Strings (`<<<`)."
            }
            (Locale::Es, NoFileSystem) => {
                "No hay sistema de archivos: no se pueden leer ni escribir archivos (solo redirigir a /dev/null), y cat, grep, sed, jq y las demás utilidades solo leen la entrada estándar. Guarda los datos en variables, tuberías y here-strings (`<<<`)."
            }
            (Locale::En, InMemoryFileSystem) => {
                "Files live in an in-memory file system that starts empty and belongs to this script alone: write and read them with redirections (`>`, `>>`, `<`), and cat, grep, sed, jq and the other utilities take file operands. No host file is visible, and nothing is kept after the script ends."
            }
            (Locale::De, InMemoryFileSystem) => {
                "Dateien liegen in einem Dateisystem im Arbeitsspeicher, das leer beginnt und nur diesem Skript gehört: schreibe und lies sie mit Umleitungen (`>`, `>>`, `<`), und cat, grep, sed, jq und die anderen Hilfsprogramme nehmen Dateioperanden. Keine Host-Datei ist sichtbar, und nach dem Ende des Skripts bleibt nichts erhalten."
            }
            (Locale::Es, InMemoryFileSystem) => {
                "Los archivos viven en un sistema de archivos en memoria que empieza vacío y pertenece solo a este script: escríbelos y léelos con redirecciones (`>`, `>>`, `<`), y cat, grep, sed, jq y las demás utilidades aceptan archivos como operandos. Ningún archivo del anfitrión es visible y nada se conserva al terminar el script."
            }
            (Locale::En, Commands) => "Commands",
            (Locale::De, Commands) => "Befehle",
            (Locale::Es, Commands) => "Comandos",
            (Locale::En, Tips) => "Tips",
            (Locale::De, Tips) => "Hinweise",
            (Locale::Es, Tips) => "Consejos",
            (Locale::En, TipList) => {
                "- Flags: `--key value` or `--key=value`; arrays as `a,b,c` or JSON; objects as `key=value ...` or JSON.\n- `help <tool>` shows a tool's flags; `discover --search TEXT` finds tools; `<tool> --dry-run` validates without calling.\n- JSON output: pipe to `jq`, e.g. `tool --x 1 | jq -r '.items[].id'`.\n- Exit status: 0 ok, 1 the tool failed or was denied, 2 bad flags or parameters, 127 unknown command. Use `set -e` or check `$?`.\n- Run independent calls in the background (`cmd & ... wait`) to do them at once."
            }
            (Locale::De, TipList) => {
                "- Flags: `--key value` oder `--key=value`; Arrays als `a,b,c` oder JSON; Objekte als `key=value ...` oder JSON.\n- `help <tool>` zeigt die Flags eines Werkzeugs; `discover --search TEXT` findet Werkzeuge; `<tool> --dry-run` prüft ohne Aufruf.\n- JSON-Ausgabe: an `jq` weiterleiten, z. B. `tool --x 1 | jq -r '.items[].id'`.\n- Exit-Status: 0 ok, 1 Werkzeug fehlgeschlagen oder abgelehnt, 2 falsche Flags oder Parameter, 127 unbekannter Befehl. Nutze `set -e` oder prüfe `$?`.\n- Unabhängige Aufrufe im Hintergrund starten (`cmd & ... wait`), um sie gleichzeitig auszuführen."
            }
            (Locale::Es, TipList) => {
                "- Flags: `--key value` o `--key=value`; arrays como `a,b,c` o JSON; objetos como `key=value ...` o JSON.\n- `help <tool>` muestra los flags de una herramienta; `discover --search TEXT` busca herramientas; `<tool> --dry-run` valida sin llamar.\n- Salida JSON: canalízala a `jq`, p. ej. `tool --x 1 | jq -r '.items[].id'`.\n- Estado de salida: 0 correcto, 1 la herramienta falló o fue denegada, 2 flags o parámetros incorrectos, 127 comando desconocido. Usa `set -e` o comprueba `$?`.\n- Lanza llamadas independientes en segundo plano (`cmd & ... wait`) para hacerlas a la vez."
            }
            (Locale::En, DefaultDescription) => {
                "Run a bash script that orchestrates the tools below as shell commands."
            }
            (Locale::De, DefaultDescription) => {
                "Führt ein Bash-Skript aus, das die folgenden Werkzeuge als Shell-Befehle orchestriert."
            }
            (Locale::Es, DefaultDescription) => {
                "Ejecuta un script de bash que orquesta las herramientas siguientes como comandos de shell."
            }
            (Locale::En, ToolsLabel) => "Tools",
            (Locale::De, ToolsLabel) => "Werkzeuge",
            (Locale::Es, ToolsLabel) => "Herramientas",
            (Locale::En, CommandsField) => "The bash script to run.",
            (Locale::De, CommandsField) => "Das auszuführende Bash-Skript.",
            (Locale::Es, CommandsField) => "El script de bash que se ejecutará.",
            (Locale::En, TimeoutField) => "Time limit in milliseconds.",
            (Locale::De, TimeoutField) => "Zeitlimit in Millisekunden.",
            (Locale::Es, TimeoutField) => "Límite de tiempo en milisegundos.",
        }
    }
}

/// Keys of the generated text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Text {
    /// The opening paragraph of the system prompt.
    Intro,
    /// What the `LogicOnly` profile (the one `ScriptedTool` runs) takes
    /// away: the file system. In the system prompt and the description.
    NoFileSystem,
    /// What the `Sandbox` profile gives instead: an empty in-memory file
    /// system of the script's own. In the system prompt of a host that runs
    /// scripts in that profile (`toolsh run`'s default).
    InMemoryFileSystem,
    /// The heading of the command list.
    Commands,
    /// The heading of the tips.
    Tips,
    /// The tips, as a markdown list.
    TipList,
    /// The tool description when the host gave none.
    DefaultDescription,
    /// The label before the one-line tool list in a description.
    ToolsLabel,
    /// Description of the `commands` input field.
    CommandsField,
    /// Description of the `timeout_ms` input field.
    TimeoutField,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_map_to_locales() {
        assert_eq!(Locale::from_tag("de-DE"), Locale::De);
        assert_eq!(Locale::from_tag("es"), Locale::Es);
        assert_eq!(Locale::from_tag("fr-CA"), Locale::En);
        assert_eq!(Locale::De.text(Text::Tips), "Hinweise");
        for l in [Locale::En, Locale::De, Locale::Es] {
            assert!(l.text(Text::NoFileSystem).contains("/dev/null"), "{l:?}");
            assert!(l.text(Text::InMemoryFileSystem).contains("`>>`"), "{l:?}");
        }
    }
}
