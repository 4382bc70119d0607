"""Stubs of ``parlour._core.durak``."""
