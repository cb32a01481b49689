"""`__init__` templates of plain records, by number of fields (see `records`).

Written by scripts/build_record_inits.py from `records.templates_source`, shipped so that a
start loads them compiled; tests/test_records.py checks that it is current."""

__qimen_set = object.__setattr__


def init_0(self):
    pass


def init_1(
    self,
    _qimen_field_0,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)


def init_2(
    self,
    _qimen_field_0,
    _qimen_field_1,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)


def init_3(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)


def init_4(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)


def init_5(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)


def init_6(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)


def init_7(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)


def init_8(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)


def init_9(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)


def init_10(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)


def init_11(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)


def init_12(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)


def init_13(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)


def init_14(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)


def init_15(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)


def init_16(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)


def init_17(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)


def init_18(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)


def init_19(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)


def init_20(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)


def init_21(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)


def init_22(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)


def init_23(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)


def init_24(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)


def init_25(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
    _qimen_field_24,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)
    __qimen_set(self, '_qimen_field_24', _qimen_field_24)


def init_26(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
    _qimen_field_24,
    _qimen_field_25,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)
    __qimen_set(self, '_qimen_field_24', _qimen_field_24)
    __qimen_set(self, '_qimen_field_25', _qimen_field_25)


def init_27(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
    _qimen_field_24,
    _qimen_field_25,
    _qimen_field_26,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)
    __qimen_set(self, '_qimen_field_24', _qimen_field_24)
    __qimen_set(self, '_qimen_field_25', _qimen_field_25)
    __qimen_set(self, '_qimen_field_26', _qimen_field_26)


def init_28(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
    _qimen_field_24,
    _qimen_field_25,
    _qimen_field_26,
    _qimen_field_27,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)
    __qimen_set(self, '_qimen_field_24', _qimen_field_24)
    __qimen_set(self, '_qimen_field_25', _qimen_field_25)
    __qimen_set(self, '_qimen_field_26', _qimen_field_26)
    __qimen_set(self, '_qimen_field_27', _qimen_field_27)


def init_29(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
    _qimen_field_24,
    _qimen_field_25,
    _qimen_field_26,
    _qimen_field_27,
    _qimen_field_28,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)
    __qimen_set(self, '_qimen_field_24', _qimen_field_24)
    __qimen_set(self, '_qimen_field_25', _qimen_field_25)
    __qimen_set(self, '_qimen_field_26', _qimen_field_26)
    __qimen_set(self, '_qimen_field_27', _qimen_field_27)
    __qimen_set(self, '_qimen_field_28', _qimen_field_28)


def init_30(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
    _qimen_field_24,
    _qimen_field_25,
    _qimen_field_26,
    _qimen_field_27,
    _qimen_field_28,
    _qimen_field_29,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)
    __qimen_set(self, '_qimen_field_24', _qimen_field_24)
    __qimen_set(self, '_qimen_field_25', _qimen_field_25)
    __qimen_set(self, '_qimen_field_26', _qimen_field_26)
    __qimen_set(self, '_qimen_field_27', _qimen_field_27)
    __qimen_set(self, '_qimen_field_28', _qimen_field_28)
    __qimen_set(self, '_qimen_field_29', _qimen_field_29)


def init_31(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
    _qimen_field_24,
    _qimen_field_25,
    _qimen_field_26,
    _qimen_field_27,
    _qimen_field_28,
    _qimen_field_29,
    _qimen_field_30,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)
    __qimen_set(self, '_qimen_field_24', _qimen_field_24)
    __qimen_set(self, '_qimen_field_25', _qimen_field_25)
    __qimen_set(self, '_qimen_field_26', _qimen_field_26)
    __qimen_set(self, '_qimen_field_27', _qimen_field_27)
    __qimen_set(self, '_qimen_field_28', _qimen_field_28)
    __qimen_set(self, '_qimen_field_29', _qimen_field_29)
    __qimen_set(self, '_qimen_field_30', _qimen_field_30)


def init_32(
    self,
    _qimen_field_0,
    _qimen_field_1,
    _qimen_field_2,
    _qimen_field_3,
    _qimen_field_4,
    _qimen_field_5,
    _qimen_field_6,
    _qimen_field_7,
    _qimen_field_8,
    _qimen_field_9,
    _qimen_field_10,
    _qimen_field_11,
    _qimen_field_12,
    _qimen_field_13,
    _qimen_field_14,
    _qimen_field_15,
    _qimen_field_16,
    _qimen_field_17,
    _qimen_field_18,
    _qimen_field_19,
    _qimen_field_20,
    _qimen_field_21,
    _qimen_field_22,
    _qimen_field_23,
    _qimen_field_24,
    _qimen_field_25,
    _qimen_field_26,
    _qimen_field_27,
    _qimen_field_28,
    _qimen_field_29,
    _qimen_field_30,
    _qimen_field_31,
):
    __qimen_set(self, '_qimen_field_0', _qimen_field_0)
    __qimen_set(self, '_qimen_field_1', _qimen_field_1)
    __qimen_set(self, '_qimen_field_2', _qimen_field_2)
    __qimen_set(self, '_qimen_field_3', _qimen_field_3)
    __qimen_set(self, '_qimen_field_4', _qimen_field_4)
    __qimen_set(self, '_qimen_field_5', _qimen_field_5)
    __qimen_set(self, '_qimen_field_6', _qimen_field_6)
    __qimen_set(self, '_qimen_field_7', _qimen_field_7)
    __qimen_set(self, '_qimen_field_8', _qimen_field_8)
    __qimen_set(self, '_qimen_field_9', _qimen_field_9)
    __qimen_set(self, '_qimen_field_10', _qimen_field_10)
    __qimen_set(self, '_qimen_field_11', _qimen_field_11)
    __qimen_set(self, '_qimen_field_12', _qimen_field_12)
    __qimen_set(self, '_qimen_field_13', _qimen_field_13)
    __qimen_set(self, '_qimen_field_14', _qimen_field_14)
    __qimen_set(self, '_qimen_field_15', _qimen_field_15)
    __qimen_set(self, '_qimen_field_16', _qimen_field_16)
    __qimen_set(self, '_qimen_field_17', _qimen_field_17)
    __qimen_set(self, '_qimen_field_18', _qimen_field_18)
    __qimen_set(self, '_qimen_field_19', _qimen_field_19)
    __qimen_set(self, '_qimen_field_20', _qimen_field_20)
    __qimen_set(self, '_qimen_field_21', _qimen_field_21)
    __qimen_set(self, '_qimen_field_22', _qimen_field_22)
    __qimen_set(self, '_qimen_field_23', _qimen_field_23)
    __qimen_set(self, '_qimen_field_24', _qimen_field_24)
    __qimen_set(self, '_qimen_field_25', _qimen_field_25)
    __qimen_set(self, '_qimen_field_26', _qimen_field_26)
    __qimen_set(self, '_qimen_field_27', _qimen_field_27)
    __qimen_set(self, '_qimen_field_28', _qimen_field_28)
    __qimen_set(self, '_qimen_field_29', _qimen_field_29)
    __qimen_set(self, '_qimen_field_30', _qimen_field_30)
    __qimen_set(self, '_qimen_field_31', _qimen_field_31)


INITS = (init_0, init_1, init_2, init_3, init_4, init_5, init_6, init_7, init_8, init_9, init_10, init_11, init_12, init_13, init_14, init_15, init_16, init_17, init_18, init_19, init_20, init_21, init_22, init_23, init_24, init_25, init_26, init_27, init_28, init_29, init_30, init_31, init_32)
