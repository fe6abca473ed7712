package com.walletcards.campaign;

public enum BarcodeType {
    none,
    qr,
    aztec,
    pdf417,
    code128
}
