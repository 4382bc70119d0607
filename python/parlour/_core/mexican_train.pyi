"""Stubs of ``parlour._core.mexican_train``."""
