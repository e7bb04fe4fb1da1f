//! `print_function` in both layouts. The `declare -f` expectations are
//! GNU bash 5.2's output for the same definition.

use toolsh_parser::*;

fn first_function(src: &str) -> FunctionDef {
    let script = parse(src).unwrap();
    match &script.body.items[0].and_or.first.commands[0].command {
        Command::Function(f) => (**f).clone(),
        other => panic!("not a function: {other:?}"),
    }
}

const DEF: &str = "f() { local x=$1; if [[ $x == a* ]]; then echo \"yes\" >&2; elif (( x > 1 )); then cat <<EOF\nbody $x\nEOF\nelse for i in 1 2; do echo $i; done; fi; }";

/// Output of `bash -c "$DEF; declare -f f"` (bash 5.2.15).
const BASH_DECLARE_F: &str = "f () \n{ \n    local x=$1;\n    if [[ $x == a* ]]; then\n        echo \"yes\" 1>&2;\n    else\n        if (( x > 1 )); then\n            cat <<EOF\nbody $x\nEOF\n\n        else\n            for i in 1 2;\n            do\n                echo $i;\n            done;\n        fi;\n    fi\n}\n";

#[test]
fn declare_f_layout_matches_bash_with_the_source_text() {
    let def = first_function(DEF);
    let source = &DEF[def.span.range()];
    assert_eq!(
        print_function(&def, Layout::DeclareF, Some(source)),
        BASH_DECLARE_F
    );
}

#[test]
fn declare_f_layout_without_source_prints_words_canonically() {
    let def = first_function(DEF);
    // The same layout, `((...))` in canonical form.
    let canonical = BASH_DECLARE_F.replace("(( x > 1 ))", "((x > 1))");
    assert_eq!(print_function(&def, Layout::DeclareF, None), canonical);
    // A source of another length is not used.
    assert_eq!(
        print_function(&def, Layout::DeclareF, Some("f() { :; }")),
        canonical
    );
}

/// Output of `bash -c 'f2() { g() { [[ $e ]]; }; for ((;;)); do :; done; };
/// declare -f f2'`: a nested definition gets `function`, a bare `[[ ]]`
/// word its `-n`, an empty `for ((...))` section `1`.
#[test]
fn declare_f_layout_details_as_bash() {
    let src = "f2() { g() { [[ $e ]]; }; for ((;;)); do :; done; }";
    let def = first_function(src);
    assert_eq!(
        print_function(&def, Layout::DeclareF, Some(src)),
        "f2 () \n{ \n    function g () \n    { \n        [[ -n $e ]]\n    };\n    for ((1; 1; 1))\n    do\n        :;\n    done\n}\n"
    );
}

#[test]
fn canonical_layout_is_the_round_trip_form() {
    let def = first_function(DEF);
    let text = print_function(&def, Layout::Canonical, None);
    assert_eq!(text, print(&parse(DEF).unwrap()));
    // The printed definition puts its nodes at other offsets.
    let shape = |f: FunctionDef| visit::without_spans(Command::Function(Box::new(f)));
    assert_eq!(shape(first_function(&text)), shape(def));
}
