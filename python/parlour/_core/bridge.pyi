"""Stubs of ``parlour._core.bridge``."""
