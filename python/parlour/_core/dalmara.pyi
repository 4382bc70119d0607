"""Stubs of ``parlour._core.dalmara``."""
