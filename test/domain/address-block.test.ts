// Limits counted per address count an IPv6 client per /64: one host is given a whole /64 and
// could otherwise take a fresh allowance with every address in it.
import { expect, test } from "bun:test";
import { addressBlock } from "../../src/domain/address-block.ts";

test("IPv4 addresses are their own block", () => {
  expect(addressBlock("203.0.113.7")).toBe("203.0.113.7");
  expect(addressBlock("127.0.0.1")).toBe("127.0.0.1");
});

test("IPv6 addresses of one /64 share a block, whatever their spelling", () => {
  const block = "2001:db8:1:2::/64";
  for (const ip of ["2001:db8:1:2::1", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:0db8:0001:0002:0:0:0:ffff", "[2001:db8:1:2::9]", "2001:DB8:1:2::abcd", "2001:db8:1:2::1%eth0"]) {
    expect(addressBlock(ip)).toBe(block);
  }
  expect(addressBlock("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  expect(addressBlock("::1")).toBe("0:0:0:0::/64");
  expect(addressBlock("2001:db8::")).toBe("2001:db8:0:0::/64");
});

test("an IPv4 client seen through a dual-stack socket is its IPv4 address", () => {
  expect(addressBlock("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(addressBlock("::ffff:cb00:7107")).toBe("203.0.113.7");
});

test("what is not an address is counted as given", () => {
  for (const text of ["unknown", "1:2:3", "1::2::3", "2001:db8::zzzz", "1:2:3:4:5:6:7:8:9", "::ffff:300.1.1.1"]) expect(addressBlock(text)).toBe(text);
});
