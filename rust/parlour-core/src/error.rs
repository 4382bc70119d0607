//! The one error type of the core: a kind (which Python exception it becomes), a stable
//! upper-case code (the source engine's code where it has one) and a message.

use std::fmt;

/// Which family an error belongs to; the binding maps each to one Python exception class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Malformed text: a card, a move, a notation string, a JSON action.
    Notation,
    /// Well-formed but impossible position.
    InvalidState,
    /// A syntactically valid move that the rules do not allow here.
    IllegalMove,
    /// Bad options, out-of-range values, wrong arguments.
    Config,
}

impl ErrorKind {
    /// The name of the Python exception class for this kind.
    #[must_use]
    pub fn class_name(self) -> &'static str {
        match self {
            ErrorKind::Notation => "NotationError",
            ErrorKind::InvalidState => "InvalidStateError",
            ErrorKind::IllegalMove => "IllegalMoveError",
            ErrorKind::Config => "ConfigError",
        }
    }
}

/// An error with a stable code and a human message.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    /// The family of the error.
    pub kind: ErrorKind,
    /// A stable upper-case code, e.g. `INVALID_CARD`.
    pub code: String,
    /// A clear, human-readable message.
    pub message: String,
}

impl Error {
    /// Build an error of any kind.
    pub fn new(kind: ErrorKind, code: impl Into<String>, message: impl Into<String>) -> Self {
        Error { kind, code: code.into(), message: message.into() }
    }
    /// A [`ErrorKind::Notation`] error.
    pub fn notation(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Notation, code, message)
    }
    /// A [`ErrorKind::IllegalMove`] error.
    pub fn illegal(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::IllegalMove, code, message)
    }
    /// A [`ErrorKind::InvalidState`] error.
    pub fn invalid_state(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidState, code, message)
    }
    /// A [`ErrorKind::Config`] error.
    pub fn config(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Config, code, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Error {}

/// Shorthand for results of the core.
pub type Result<T> = std::result::Result<T, Error>;
