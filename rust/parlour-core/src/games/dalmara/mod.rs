//! dalmara (rules land with its issue).
