package io.snowflakeid.spring.publicid.scan;

import io.snowflakeid.publicid.PublicId;

import org.springframework.context.annotation.Profile;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** A controller of one profile only: the start-up scan must see its {@code @PublicId} whatever the profile. */
@Profile("prod")
@RestController
public class ProdOnlyController {

	@GetMapping("/things/{id}")
	public String thing(@PublicId @PathVariable long id) {
		return Long.toString(id);
	}

	/** A nested type with a {@code @PublicId} property. */
	public static class View {

		@PublicId
		public Long id;
	}
}
