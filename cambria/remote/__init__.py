"""Remote play by link (docs/remote-play.md): the game travels between devices as signed
messages in links, with no server. The package holds the low-level primitives (canonical JSON
and base64url in ``canonical``, ECDSA P-256 signatures in ``p256``, the dice-secret hash chain
in ``chain``, the ``#r1.`` link format in ``link``, the error with its code in ``errors``) and
the protocol built on them; everything is pure standard-library Python, so the same code checks
messages in Pyodide and in the tests. Submodules are imported by name, never from here, so that
``import cambria.remote`` costs nothing.
"""
