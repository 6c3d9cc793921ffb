"""The board's geometry: map files with polygons, shapely allowed, no Qt."""

# A geometry file's size limit, here so that readers which avoid importing shapely (the GUI's
# geometry cache) share it. The Pacific board's geometry is 1.3 MB.
MAX_GEOMETRY_BYTES = 32 * 1024 * 1024
