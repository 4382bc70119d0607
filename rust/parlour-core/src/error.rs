//! The one error type of the core: a kind (which Python exception it becomes), a stable
//! upper-case code (the source engine's code where it has one) and a message.
//!
//! Codes are `enum`s declared with [`codes!`]: [`Common`] for the codes every game shares, and
//! one `Code` enum in each game's module for its own. `parlour._core.error_codes(game)` lists a
//! game's codes (see [`crate::games::error_codes`]) and the docs test checks each is documented.

use std::fmt;

/// A stable error code: one variant of a code `enum` declared with [`codes!`].
pub trait Code: Copy + fmt::Debug + 'static {
    /// The code as its upper-case text, e.g. `"INVALID_CARD"`.
    fn as_str(self) -> &'static str;
}

/// Declares an `enum` of error codes, each variant with its text:
///
/// ```
/// parlour_core::codes! {
///     /// Codes of a small game.
///     pub enum Code {
///         /// The card is not in the hand.
///         CardNotHeld = "CARD_NOT_HELD",
///     }
/// }
/// assert_eq!(Code::CardNotHeld.as_str(), "CARD_NOT_HELD");
/// assert_eq!(Code::ALL, &[Code::CardNotHeld]);
/// ```
#[macro_export]
macro_rules! codes {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )*
        }

        impl $name {
            /// Every code, in declaration order.
            pub const ALL: &'static [$name] = &[$( $name::$variant, )*];

            /// The code as its upper-case text.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )*
                }
            }
        }

        impl $crate::error::Code for $name {
            fn as_str(self) -> &'static str {
                $name::as_str(self)
            }
        }
    };
}

codes! {
    /// The codes shared by every game: the core's common machinery (cards, views, the
    /// simulator, the registry) and the binding's argument checks.
    pub enum Common {
        /// A bug in parlour: a panic caught, or tables out of step.
        InternalError = "INTERNAL_ERROR",
        /// A card text or index that is no card.
        InvalidCard = "INVALID_CARD",
        /// A card spelling name that is not known.
        InvalidSpelling = "INVALID_SPELLING",
        /// A suit letter or lane that is no suit.
        InvalidSuit = "INVALID_SUIT",
        /// A deck size other than those `parlour.cards.deck` makes.
        InvalidDeckSize = "INVALID_DECK_SIZE",
        /// A card-set mask with a bit that is no card.
        InvalidCardSet = "INVALID_CARD_SET",
        /// `apply_index` of anything but an int in range.
        InvalidMoveIndex = "INVALID_MOVE_INDEX",
        /// A seat that is not one of the game's seats.
        InvalidSeat = "INVALID_SEAT",
        /// A seed that is not an integer from 0 to 2**64-1.
        InvalidSeed = "INVALID_SEED",
        /// No state consistent with a seat's view was found.
        ResampleFailed = "RESAMPLE_FAILED",
        /// A simulation policy that is not known.
        InvalidPolicy = "INVALID_POLICY",
        /// The `computer` policy of a game that has no computer player.
        NoComputerPlayer = "NO_COMPUTER_PLAYER",
        /// A playout that made no progress.
        PlayoutStuck = "PLAYOUT_STUCK",
        /// A thread count or batch size that cannot be run.
        Threads = "THREADS",
        /// A game id that is not registered.
        UnknownGame = "UNKNOWN_GAME",
        /// An option name a game does not have.
        UnknownOption = "UNKNOWN_OPTION",
        /// An option value out of range.
        InvalidOption = "INVALID_OPTION",
    }
}

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
    /// A stable upper-case code, e.g. `INVALID_CARD` (the text of a [`Code`]).
    pub code: &'static str,
    /// A clear, human-readable message.
    pub message: String,
}

impl Error {
    /// Build an error of any kind.
    pub fn new(kind: ErrorKind, code: impl Code, message: impl Into<String>) -> Self {
        Error {
            kind,
            code: code.as_str(),
            message: message.into(),
        }
    }
    /// A [`ErrorKind::Notation`] error.
    pub fn notation(code: impl Code, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Notation, code, message)
    }
    /// A [`ErrorKind::IllegalMove`] error.
    pub fn illegal(code: impl Code, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::IllegalMove, code, message)
    }
    /// A [`ErrorKind::InvalidState`] error.
    pub fn invalid_state(code: impl Code, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidState, code, message)
    }
    /// A [`ErrorKind::Config`] error.
    pub fn config(code: impl Code, message: impl Into<String>) -> Self {
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
