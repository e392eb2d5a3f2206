// ContactKit
