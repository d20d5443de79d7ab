package cart

// CartFromRecord is cartFromRecord, for the tests of package cart_test.
var CartFromRecord = cartFromRecord
