"""Compare a documented JSON value with what a server returned, naming each difference by
its JSONPath (`$.result.tools[0].name`).

subset: every field the documented value shows must be in the returned value, with the same
value; objects may have more keys, arrays of objects may have more items (compared by
position). exact: both must be equal. Arrays of scalars are always compared whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any


def show(value: Any) -> str:
    """A value as it reads in a failure message: compact JSON."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def differences(documented: Any, returned: Any, *, exact: bool = False, path: str = "$") -> Iterator[str]:
    """Yield one `path: documented X, server returned Y` line per mismatch."""
    if isinstance(documented, dict) and isinstance(returned, dict):
        for key, value in documented.items():
            child = f"{path}.{key}"
            if key not in returned:
                yield f"{child}: documented {show(value)}, server returned no such field"
            else:
                yield from differences(value, returned[key], exact=exact, path=child)
        if exact:
            for key in returned.keys() - documented.keys():
                yield f"{path}.{key}: not documented, server returned {show(returned[key])}"
    elif _is_object_list(documented) and isinstance(returned, list):
        for index, value in enumerate(documented):
            child = f"{path}[{index}]"
            if index >= len(returned):
                yield f"{child}: documented {show(value)}, server returned no such item"
            else:
                yield from differences(value, returned[index], exact=exact, path=child)
        if exact and len(returned) > len(documented):
            yield f"{path}: documented {len(documented)} items, server returned {len(returned)}"
    elif documented != returned or type(documented) is not type(returned):
        yield f"{path}: documented {show(documented)}, server returned {show(returned)}"


def _is_object_list(value: Any) -> bool:
    return isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value)
