package model

import "reflect"

// ForgetNulls drops every known key that was sent as null, at any depth of
// v (a pointer to a model struct): a service reads such a key as absent and
// never stores or echoes it (decisions.md §2 "null values"). Unknown keys
// keep whatever they carried, null included.
func ForgetNulls(v any) { forgetNulls(reflect.ValueOf(v)) }

func forgetNulls(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			forgetNulls(v.Elem())
		}
	case reflect.Struct:
		if v.Type() == extraType {
			if v.CanAddr() {
				v.Addr().Interface().(*Extra).Null = nil
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				forgetNulls(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			forgetNulls(v.Index(i))
		}
	case reflect.Map:
		if v.Type().Elem().Kind() == reflect.Interface {
			return // a map of any is data, not typed fields
		}
		for it := v.MapRange(); it.Next(); {
			forgetNulls(it.Value()) // the model's maps hold pointers or maps
		}
	}
}
