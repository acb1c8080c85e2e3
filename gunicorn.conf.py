"""gunicorn settings for running from a checkout: the packaged ones, ``service/gunicorn_conf.py``,
read afresh (so the environment at each load counts, as when the settings lived here).

    gunicorn --config gunicorn.conf.py 'service:create_app()'

The installed package is served with ``mahjong-scorer serve`` instead (see the README).
"""

import os

_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "service", "gunicorn_conf.py")
with open(_path) as _f:
    exec(compile(_f.read(), _path, "exec"))
