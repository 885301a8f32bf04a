// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A contract listed as a token that reverts every read: the dialog must say so for that
/// token alone.
contract RevertingToken {
    function balanceOf(address) external pure returns (uint256) {
        revert("balanceOf is broken");
    }

    function decimals() external pure returns (uint8) {
        revert("decimals is broken");
    }
}
