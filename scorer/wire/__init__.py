"""The wire layer the library owns: a request body read as JSON and written back (``jsonbody``), the
fast shape check of the common score body (``fastbody``), its marshmallow schemas, which name every
fault of a body the fast check leaves to them (``schemas``, loaded only then), the problem objects
every failure answers (``problems``, RFC 9457), and a score body to its answer (``scoring``).

The HTTP service (``service/``) and ``python -m scorer bulk`` both build on it, so the library
installs and runs without the web package; nothing here imports Flask.
"""
