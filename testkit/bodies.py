"""Hypothesis strategies for request bodies: mostly near-misses of the real shape, some pure noise
(the service's schema, fuzz and generated-client tests)."""

from __future__ import annotations

from hypothesis import strategies as st

json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
json_values = st.recursive(json_scalars, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(), c, max_size=4),
                           max_leaves=12)
tile_like = st.sampled_from(["1m", "9p", "5s", "E", "C", "P", "0m", "10m", "m", "e", "", " ", "1z", "W1", "🀄"])
tiles = st.text(alphabet="123456789mpsESWNCFPxz []", max_size=20) | st.lists(tile_like | json_scalars, max_size=15)
meld = st.fixed_dictionaries({"tiles": tiles}, optional={"concealed": json_scalars, "kind": json_scalars})
hand_obj = st.fixed_dictionaries(
    {"concealed": tiles, "winning_tile": tile_like | json_scalars},
    optional={"melds": st.lists(meld, max_size=5) | json_scalars, "flowers": st.integers(-3, 12) | json_scalars},
)
context = st.fixed_dictionaries({}, optional={
    "self_drawn": st.booleans() | json_scalars, "seat_wind": st.sampled_from("ESWNX") | json_scalars,
    "prevalent_wind": st.sampled_from("ESWN") | json_scalars, "last_copy": st.booleans(),
    "last_wall_tile": st.booleans(), "kong_replacement": st.booleans(), "robbing_kong": st.booleans(),
    "discarder": st.sampled_from("ESWN") | json_scalars, "base_points": st.integers(-5, 2_000_000) | json_scalars,
    "bogus": json_values,
})
body = st.fixed_dictionaries({"hand": hand_obj | st.text(alphabet="[]123456789mpsESWNCFP,", max_size=30)},
                             optional={"context": context | json_values}) | json_values
