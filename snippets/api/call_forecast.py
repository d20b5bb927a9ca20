"""Call a weather HTTP API directly: one address, one key, a contract read in its docs."""

import json
import os
import urllib.parse
import urllib.request

BASE_URL = os.environ.get("WEATHER_API_URL", "https://api.example.org")


def forecast(city: str) -> dict:
    """GET /v1/forecast?city=… and return the decoded JSON body."""
    query = urllib.parse.urlencode({"city": city})
    request = urllib.request.Request(
        f"{BASE_URL}/v1/forecast?{query}",
        headers={
            "Authorization": f"Bearer {os.environ['WEATHER_API_KEY']}",
            "Accept": "application/json",
        },
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.load(response)


if __name__ == "__main__":
    print(forecast("Lyon")["forecast"])
