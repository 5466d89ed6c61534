// The seeded battles in tests/fixtures/rolls must roll exactly as recorded;
// this runs natively and, compiled to wasm, under node (same dice everywhere).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "api/api.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_fixtures {

using bc::json;

TEST_CASE("seeded battles reproduce their recorded logs exactly") {
    const std::filesystem::path dir = std::filesystem::path(BC_SOURCE_DIR) / "tests" / "fixtures" / "rolls";
    REQUIRE(std::filesystem::exists(dir));
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".json") continue;
        std::ifstream in(entry.path());
        std::stringstream ss;
        ss << in.rdbuf();
        const json fixture = json::parse(ss.str());
        const json got = json::parse(bc::api::roll(fixture["request"].dump()));
        INFO(entry.path().filename().string());
        CHECK(got == fixture["response"]);
        // Unnarrated ("log": false), the same battle: every number but the log.
        json quiet_req = fixture["request"];
        quiet_req["log"] = false;
        json want = fixture["response"];
        want.erase("log");
        CHECK(json::parse(bc::api::roll(quiet_req.dump())) == want);
        ++count;
    }
    CHECK(count >= 3);
}

}  // namespace file_test_fixtures
