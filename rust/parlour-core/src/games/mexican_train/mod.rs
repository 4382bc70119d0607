//! mexican_train (rules land with its issue).
