// The CardDAV client's tests against Radicale and Xandikos (being written).
