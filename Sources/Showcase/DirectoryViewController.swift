import UIKit

/// A company in the building.
struct Tenant {
    var name: String
    var business: String
    var floor: Int
    var suite: String

    /// The building's tenants, floor by floor: made up from a few word lists, the same every run.
    static let all: [Tenant] = {
        let first = ["Northwind", "Bluebird", "Cedar", "Harbor", "Lumen", "Maple", "Orbit", "Pioneer", "Quartz", "Summit",
                     "Tidewater", "Vertex", "Willow", "Zephyr"]
        let second = ["Labs", "Partners", "Studio", "& Co.", "Health", "Legal", "Analytics", "Design"]
        let business = ["Software", "Architecture", "Dental care", "Accounting", "Law firm", "Data science", "Interiors",
                        "Physiotherapy", "Translation", "Engineering"]
        var tenants: [Tenant] = []
        var i = 0
        for floor in 1...12 {
            for office in 1...(floor.isMultiple(of: 3) ? 8 : 12) {
                let name = "\(first[(i * 5 + floor) % first.count]) \(second[(i * 3 + office) % second.count])"
                tenants.append(Tenant(name: name, business: business[(i * 7) % business.count], floor: floor,
                                      suite: "\(floor)\(String(format: "%02d", office))"))
                i += 1
            }
        }
        return tenants
    }()

    var initials: String {
        name.split(separator: " ").prefix(2).compactMap(\.first).map(String.init).joined()
    }
}

/// The tenant directory: a long list by floor, each company with its badge; a tap offers to call its reception.
final class DirectoryViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let floors: [(floor: Int, tenants: [Tenant])] = Dictionary(grouping: Tenant.all, by: \.floor)
        .sorted { $0.key > $1.key }
        .map { ($0.key, $0.value) }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Directory"
        tableView.accessibilityIdentifier = "directory.list"
        view.backgroundColor = .systemBackground
        tableView.dataSource = self
        tableView.delegate = self
        tableView.rowHeight = 68
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "tenant")
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(tableView)
    }

    func numberOfSections(in tableView: UITableView) -> Int { floors.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { floors[section].tenants.count }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Floor \(floors[section].floor)" }
    func sectionIndexTitles(for tableView: UITableView) -> [String]? { floors.map { "\($0.floor)" } }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let tenant = floors[indexPath.section].tenants[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "tenant", for: indexPath)
        var content = UIListContentConfiguration.subtitleCell()
        content.text = tenant.name
        content.textProperties.font = .preferredFont(forTextStyle: .headline)
        content.secondaryText = "\(tenant.business) · Suite \(tenant.suite)"
        content.image = Badges.shared.badge(for: tenant)
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let tenant = floors[indexPath.section].tenants[indexPath.row]
        let alert = UIAlertController(title: tenant.name,
                                      message: "\(tenant.business), suite \(tenant.suite) on floor \(tenant.floor). Call their reception?",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Call", style: .default))
        present(alert, animated: true)
    }
}

/// Company badges: the initials on a colour of the company's own, drawn once and kept.
@MainActor
final class Badges {
    static let shared = Badges()
    private var cache: [String: UIImage] = [:]
    private let colours: [UIColor] = [.systemBlue, .systemGreen, .systemOrange, .systemPink, .systemPurple, .systemTeal,
                                      .systemIndigo, .systemRed, .systemBrown]

    func badge(for tenant: Tenant) -> UIImage {
        if let image = cache[tenant.name] { return image }
        let colour = colours[tenant.name.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xffff } % colours.count]
        let size = CGSize(width: 44, height: 44)
        let image = UIGraphicsImageRenderer(size: size).image { context in
            let bounds = CGRect(origin: .zero, size: size)
            let top = colour.withAlphaComponent(0.75)
            // A soft diagonal: the colour over a lighter tint of itself.
            top.setFill()
            UIBezierPath(ovalIn: bounds).fill()
            colour.setFill()
            UIBezierPath(ovalIn: bounds.insetBy(dx: 3, dy: 3)).fill()
            let text = tenant.initials as NSString
            let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 17, weight: .semibold),
                                                             .foregroundColor: UIColor.white]
            let textSize = text.size(withAttributes: attributes)
            text.draw(at: CGPoint(x: (size.width - textSize.width) / 2, y: (size.height - textSize.height) / 2),
                      withAttributes: attributes)
        }
        cache[tenant.name] = image
        return image
    }
}
