//! Why the arena stops early, and the one way it creates output files.

/// Bad input (exit code 2) or a failure while running (1).
#[derive(Debug)]
pub enum Fail {
    Input(String),
    Run(String),
}

impl Fail {
    pub fn input(message: impl Into<String>) -> Fail {
        Fail::Input(message.into())
    }

    pub fn run(message: impl Into<String>) -> Fail {
        Fail::Run(message.into())
    }
}

/// Creates an output file, or says which option named a path that cannot be written.
pub fn create(flag: &str, path: &str) -> Result<std::io::BufWriter<std::fs::File>, Fail> {
    std::fs::File::create(path)
        .map(std::io::BufWriter::new)
        .map_err(|e| Fail::input(format!("{flag} {path:?}: cannot create: {e}")))
}
