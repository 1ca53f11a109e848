//! The bindings of one of the page's wasm modules, as `wasm-bindgen --target web
//! --remove-name-section --remove-producers-section` writes them (the same bytes): the
//! module's JavaScript glue, its `_bg.wasm`, and its TypeScript declarations unless
//! `--no-typescript`. Built from wasm-bindgen's own library at the crate's version, it compiles
//! in about half the CPU time of the CLI, which also carries its test runner.
//!
//! usage: game2048-bindgen [--no-typescript] --out-dir DIR --out-name NAME INPUT.wasm

use std::process::ExitCode;

const USAGE: &str =
    "usage: game2048-bindgen [--no-typescript] --out-dir DIR --out-name NAME INPUT.wasm";

struct Args {
    input: String,
    out_dir: String,
    out_name: String,
    typescript: bool,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut input, mut out_dir, mut out_name, mut typescript) = (None, None, None, true);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--no-typescript" => typescript = false,
            "--out-dir" => out_dir = Some(args.next().ok_or("--out-dir needs a folder")?),
            "--out-name" => out_name = Some(args.next().ok_or("--out-name needs a name")?),
            flag if flag.starts_with('-') => return Err(format!("unknown flag {flag}")),
            _ if input.is_some() => return Err(format!("one input only, got a second: {arg}")),
            _ => input = Some(arg),
        }
    }
    Ok(Args {
        input: input.ok_or("the input .wasm is missing")?,
        out_dir: out_dir.ok_or("--out-dir is missing")?,
        out_name: out_name.ok_or("--out-name is missing")?,
        typescript,
    })
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("game2048-bindgen: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
    bindgen
        .input_path(&args.input)
        .remove_name_section(true)
        .remove_producers_section(true)
        .typescript(args.typescript)
        .out_name(&args.out_name)
        // The CLI's default: the glue finds its _bg.wasm next to itself when init() gets no path.
        .omit_default_module_path(false);
    let made = bindgen.web(true).and_then(|b| b.generate(&args.out_dir));
    match made {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("game2048-bindgen: {}: {e:#}", args.input);
            ExitCode::FAILURE
        }
    }
}
