// ContactPicker
