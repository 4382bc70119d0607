"""Stubs of ``parlour._core.gyla``."""
