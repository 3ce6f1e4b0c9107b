// A product table KVDTYPE_BENCH_PRODUCT_SCALE times the size of the real one, for measuring how
// parse_target() grows with product rows.
//
// This file, src/core/target.cpp, src/common/text.cpp, src/tables/targets.cpp and real_products.cpp are
// compiled once per scale with -Dkvdtype=kvdtype_products_xN (bench/CMakeLists.txt): every name of
// the library in those translation units lands in a namespace of its own, so each scale is a
// complete, independent copy of the real GPU-name parser reading its own product table, linked
// beside the real library without clashing with it. No source file under src/ is changed.
//
// The synthetic rows cannot apply to any real GPU name: each is a real row's name behind a
// word no real name has ("Zeta 17 H100 SXM5 80GB"), pointing at the real row's target. A
// name that fits no key costs one failed word comparison per key, so this measures the scan.
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/target.hpp"
#include "tables/tables.hpp"

#ifndef KVDTYPE_BENCH_PRODUCT_SCALE
#error "compile with -DKVDTYPE_BENCH_PRODUCT_SCALE=N"
#endif

namespace kvdtype::tables {

std::span<const Product> real_product_rows() noexcept;

std::span<const Product> product_rows() noexcept {
  static const std::vector<Product> rows = [] {
    static std::deque<std::string> names;  // the rows view these
    const std::span<const Product> real = real_product_rows();
    std::vector<Product> out(real.begin(), real.end());
    for (int copy = 1; copy < KVDTYPE_BENCH_PRODUCT_SCALE; ++copy) {
      for (const Product& p : real) {
        names.push_back("Zeta " + std::to_string(copy) + " " + std::string(p.name));
        Product s = p;
        s.name = names.back();
        out.push_back(s);
      }
    }
    return out;
  }();
  return rows;
}

}  // namespace kvdtype::tables

#define KVDTYPE_BENCH_CAT2(a, b) a##b
#define KVDTYPE_BENCH_CAT(a, b) KVDTYPE_BENCH_CAT2(a, b)

// Entry points in the global namespace (their names are not the renamed token).
bool KVDTYPE_BENCH_CAT(kvdtype_bench_parse_target_x, KVDTYPE_BENCH_PRODUCT_SCALE)(std::string_view text) {
  return kvdtype::parse_target(text).ok();
}
std::size_t KVDTYPE_BENCH_CAT(kvdtype_bench_product_rows_x, KVDTYPE_BENCH_PRODUCT_SCALE)() {
  return kvdtype::products().size();
}
