// The real product rows under another accessor name, so that synthetic_products.cpp can define
// product_rows() as these rows plus synthetic ones. Compiled only into the scaled copies of the
// target parser (see bench/CMakeLists.txt); the library itself is untouched.
#define product_rows real_product_rows
#include "tables/products.cpp"
