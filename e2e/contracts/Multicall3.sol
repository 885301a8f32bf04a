// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The part of Multicall3 (github.com/mds1/multicall, MIT) that viem calls: aggregate3
/// (viem's multicall: every call runs, each may fail alone when allowFailure is set) and
/// getEthBalance (wagmi batches eth_getBalance into it on a chain that names a Multicall3).
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; i++) {
            Call3 calldata call = calls[i];
            Result memory result = returnData[i];
            (result.success, result.returnData) = call.target.call(call.callData);
            require(call.allowFailure || result.success, "Multicall3: call failed");
        }
    }

    function getEthBalance(address addr) public view returns (uint256 balance) {
        balance = addr.balance;
    }
}
