//! durak (rules land with its issue).
