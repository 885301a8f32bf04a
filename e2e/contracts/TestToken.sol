// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The least of an ERC-20 the wallet-balances dialog reads: balanceOf and decimals, with
/// the whole supply minted to one holder at deployment.
contract TestToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address holder, uint256 amount) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        totalSupply = amount;
        balanceOf[holder] = amount;
        emit Transfer(address(0), holder, amount);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance too low");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}
