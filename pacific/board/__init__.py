"""The board's geometry: map files with polygons, shapely allowed, no Qt."""
