//! bridge (rules land with its issue).
