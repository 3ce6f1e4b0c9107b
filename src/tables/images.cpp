// Every engine's container images in one list, for code that looks an image up by repository
// (src/sources/launch/launch_images.cpp): each engine's rows come from its folder
// (engines/<engine>/images_<engine>.cpp, through its registry row), in registry order, each
// marked with its engine here so that a folder's row cannot name another engine.
#include <vector>

#include "tables/rows/image.hpp"
#include "tables/tables.hpp"

namespace kvdtype {

std::span<const Image> images() noexcept {
  static const std::vector<Image> kAll = [] {
    std::vector<Image> all;
    for (const tables::EngineTables& row : tables::engine_registry()) {
      if (row.images == nullptr) continue;
      for (Image image : row.images()) {
        image.engine = row.info.id;
        all.push_back(image);
      }
    }
    return all;
  }();
  return kAll;
}

}  // namespace kvdtype
