"""Makes ``tests/`` importable from every test folder.

Under pytest's default (``prepend``) import mode, loading this file puts ``tests/`` on
``sys.path``, so the per-game folders share the helpers of ``tests/_util.py``.
"""
