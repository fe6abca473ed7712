package com.walletcards.campaign;

public enum BarcodeValueStrategy {
    auto,
    custom
}
